// What a loader or action throws to answer with an error status. React Router puts the status
// text into the answer of a `.data` request, and without one it says "Internal Server Error"
// whatever the status: every thrown answer goes through here, with the status's own text.
import { STATUS_CODES } from "node:http";
import { data } from "react-router";

export function httpError<T>(body: T, status: number, headers?: HeadersInit) {
  return data(body, { status, statusText: STATUS_CODES[status], headers });
}
