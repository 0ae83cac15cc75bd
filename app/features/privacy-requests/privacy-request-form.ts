import { z } from "zod";
import { email } from "~/platform/forms/fields";

/** The data-rights form: the address whose data the visitor asks for (browser and server). */
export const privacyRequestSchema = z.object({ email: email() });
