/* account: its face. */
export { AccountHeading } from "./AccountHeading";
export { AccountIntro } from "./AccountIntro";
export { afterSignIn, codeStepPath } from "./return-to";
