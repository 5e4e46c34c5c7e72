import { createContext } from "react-router";

/** Facts about the request that the Fetch Request a route receives does not carry. */
export interface RequestInfo {
  /** The client's address (behind a trusted proxy, the forwarded one). */
  clientAddress: string;
  /** What rate limits count the client as: the address, or an IPv6 client's /64. */
  clientKey: string;
}

export const requestInfo = createContext<RequestInfo>();
