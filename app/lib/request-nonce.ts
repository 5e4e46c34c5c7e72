import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The CSP nonce of one server-rendered response. Prerendered pages have none (they use hashes). */
export const requestNonce = createContext<string>("");

export const NonceContext = createReactContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
