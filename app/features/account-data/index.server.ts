/* The account area's submissions and data: its server face. */
export {
  deleteHeldItem,
  exportHeldData,
  type HeldGroup,
  type HeldItem,
  loadAccountData,
  openHeldStatusPage,
} from "./account-data.server";
