import { z } from "zod";
import { phoneE164 } from "~/platform/forms/phone";

/**
 * SMS second factor, step 1: the number in any usual notation, made E.164 (SPEC §5). Apart from
 * account-forms.ts so only the security page loads the numbering plan metadata.
 */
export const smsSetupSchema = z.object({ phone: phoneE164() });
