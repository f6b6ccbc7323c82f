export * from "./analytics";
export * from "./jobs";
export * from "./payments";
export * from "./auth";
export * from "./platforms";
export * from "./edo";
export * from "./geo";
