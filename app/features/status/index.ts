/* status: its face. */
export { StatusDataCard } from "./StatusDataCard";
