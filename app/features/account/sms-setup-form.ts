import { z } from "zod";
import { phoneE164 } from "~/platform/forms/phone";
import { orString } from "./account-forms";

/**
 * SMS second factor, step 1, page and API: the number in any usual notation, made E.164. The
 * page sends a country and a number; the API may send the number alone, read as the page reads
 * it without a country. Apart from account-forms.ts so only the security page loads the
 * numbering plan metadata.
 */
export const smsSetupSchema = z.object({
  phone: orString((number) => ({ number }), phoneE164()),
});
