// Each feature's tables live in their own file; drizzle-kit and the client see them all here.
export * from "./account";
export * from "./alerts";
export * from "./careers";
export * from "./consent";
export * from "./contact";
export * from "./content";
export * from "./legal";
export * from "./merch";
export * from "./news";
export * from "./platform";
export * from "./platforms";
export * from "./playtest";
export * from "./press";
export * from "./privacy";
export * from "./status";
export * from "./support";
export * from "./tasks";
