import fs from "node:fs";
import path from "node:path";
import { siteCookies } from "../app/features/consent/index.server";
import { cookiesDocFile, withCookiesDocPart } from "./cookies-doc";

/** npm run docs:cookies: rewrites docs/privacy/cookies.md's list of cookies from the site's list. */
const file = cookiesDocFile(path.join(import.meta.dirname, ".."));
const before = fs.readFileSync(file, "utf8");
const after = withCookiesDocPart(before, siteCookies());
fs.writeFileSync(file, after);
console.log(before === after ? `${file}: up to date` : `${file}: written`);
