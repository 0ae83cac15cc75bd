import { z } from "zod";
import { email } from "~/platform/forms/fields";

/** The form of EmailRequestForm (an e-mail address only), for the page's action and the browser. */
export const emailRequestSchema = z.object({ email: email() });
