import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Carries the CSP nonce from the server render to the components that emit inline scripts. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
