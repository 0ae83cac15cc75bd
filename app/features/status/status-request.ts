import { z } from "zod";
import { email } from "~/platform/forms/fields";

/** The lost-link form: the address the submissions were sent from (browser and server). */
export const statusRequestSchema = z.object({ email: email() });
