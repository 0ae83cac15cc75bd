import { parsePhoneNumberFromString } from "libphonenumber-js";
import { providePhoneNumbers } from "./phone-numbers";

// The server validates every phone number with the library from the start (phone.ts says why the
// shared module does not import it): imported by server/app.ts and the tests' setup.
providePhoneNumbers({ parsePhoneNumberFromString });
