/* account-data: its face. */
export { AccountDataList } from "./AccountDataList";
