/* account: its face. */
export { AccountHeading } from "./AccountHeading";
export { AccountIntro } from "./AccountIntro";
export { HeaderAccount } from "./HeaderAccount";
export { afterSignIn, codeStepPath } from "./return-to";
