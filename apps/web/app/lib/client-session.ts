/**
 * What the browser knows about the visitor's session, for the client-side guest guard (root
 * `clientMiddleware`), which runs before any loader and so cannot read loader data. The root
 * layout writes it from the root loader's `isAuthenticated` on every render; the server decides
 * the value (session cookie → live session), the browser only mirrors it.
 */
let authenticated = false;

export function setClientAuthenticated(value: boolean): void {
  authenticated = value;
}

export function isClientAuthenticated(): boolean {
  return authenticated;
}
