import fc from "fast-check";

/** The host a hostile redirect would lead to. */
export const foreignHost = "evil.example";

/**
 * Inputs that try to turn a redirect into one to another site: protocol-relative paths with
 * slashes and backslashes (raw and encoded), absolute URLs, schemes broken by tabs and line
 * breaks (browsers drop those before parsing), userinfo tricks.
 */
export const hostileInputs = [
  `//${foreignHost}`,
  `//${foreignHost}/account/login`,
  `/\\${foreignHost}`,
  `\\\\${foreignHost}`,
  `\\/${foreignHost}`,
  `///${foreignHost}`,
  `////${foreignHost}/x`,
  `/%2F${foreignHost}`,
  `/%2F%2F${foreignHost}`,
  `%2F%2F${foreignHost}`,
  `/%5C${foreignHost}`,
  `%5C%5C${foreignHost}`,
  `/%5C%5C${foreignHost}`,
  `https:${foreignHost}`,
  `http:${foreignHost}`,
  `https:/${foreignHost}`,
  `https://${foreignHost}`,
  `https://${foreignHost}/account/login`,
  `/\t/${foreignHost}`,
  `/\n/${foreignHost}`,
  `/%09/${foreignHost}`,
  `/%0A/${foreignHost}`,
  `\t//${foreignHost}`,
  ` //${foreignHost}`,
  `java\nscript:alert(1)`,
  `java\tscript:alert(1)`,
  `javascript:alert(1)`,
  `ht\ttps://${foreignHost}`,
  `ht\ntps://${foreignHost}`,
  `h\rttps://${foreignHost}`,
  `data:text/html,<script>alert(1)</script>`,
  `/.//${foreignHost}`,
  `/./\\${foreignHost}`,
  `/..//${foreignHost}`,
  `//${foreignHost}@site.invalid`,
  `//site.invalid@${foreignHost}`,
  `https://site.invalid@${foreignHost}`,
  `/@${foreignHost}`,
  `//:@${foreignHost}`,
  `//${foreignHost}:443`,
  `//${foreignHost}%2F..`,
  `/\\/${foreignHost}/`,
];

/** Path shapes mixing separators, encoded separators, control characters and userinfo with a host. */
export const hostilePath = fc
  .array(
    fc.constantFrom(
      "/",
      "\\",
      "%2F",
      "%2f",
      "%5C",
      "%5c",
      "%09",
      "%0A",
      "%0D",
      "\t",
      "\n",
      "@",
      ":",
      ".",
      "..",
      foreignHost,
      "https:",
      "http:",
      "javascript:",
    ),
    { minLength: 1, maxLength: 10 },
  )
  .map((parts) => parts.join(""));
