/** A valid sign-up as the form posts it (before the schema parses it), for tests. */
export const signupSchemaInput = {
  name: "Léa Tremblay",
  email: "lea@example.com",
  phone: { country: "CA", number: "418 555 0134" },
  location: "quebec",
  dateOfBirth: { year: "1990", month: "4", day: "30" },
  over18: true,
  english: true,
  inPersonDay: true,
  nda: true,
  consent: true,
};
