// The studio's playtester selection tool (the site has no administrators:
// docs/requirements.md#overview).
//
//   npx vite-node scripts/playtest-select.ts -- list [--site quebec] [--answered] [--not-invited] [--min-age 25] [--max-age 40] [--json]
//   npx vite-node scripts/playtest-select.ts -- invite --id <sign-up id> --at 2027-01-23T09:30 [--note "Bring your glasses"]
//
// It runs through Vite (the e-mail catalogs are loaded with import.meta.glob, so plain tsx cannot).
// `--at` is the local time at the site's office. The invitation goes through the outbox: the
// running site's mail worker sends it. Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; stop
// the site first, PGlite allows one process at a time).
import { parseArgs } from "node:util";
import { InviteError, inviteApplicant, listSignups } from "~/features/playtesting/selection.server";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: "string" },
    answered: { type: "boolean" },
    "not-invited": { type: "boolean" },
    "min-age": { type: "string" },
    "max-age": { type: "string" },
    json: { type: "boolean" },
    id: { type: "string" },
    at: { type: "string" },
    note: { type: "string" },
  },
});

const cfg = parseConfig(process.env);
const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir });
try {
  await database.migrate();
  const command = positionals[0];
  if (command === "list") {
    const rows = await listSignups(database.db, {
      site: values.site,
      answered: values.answered ? true : undefined,
      invited: values["not-invited"] ? false : undefined,
      minAge: values["min-age"] ? Number(values["min-age"]) : undefined,
      maxAge: values["max-age"] ? Number(values["max-age"]) : undefined,
    });
    if (values.json) console.log(JSON.stringify(rows, null, 2));
    else {
      for (const r of rows) {
        console.log(
          `${r.id}  ${r.site.padEnd(10)} ${String(r.age).padStart(3)}  ${r.name} <${r.email}> ${r.phone}` +
            `${r.invitedAt ? `  invited ${r.invitedAt}` : ""}`,
        );
        if (r.answers) console.log(`    ${JSON.stringify(r.answers)}`);
      }
      console.log(`${rows.length} sign-up(s)`);
    }
  } else if (command === "invite") {
    if (!values.id || !values.at) throw new InviteError("invite needs --id and --at");
    const sent = await inviteApplicant(
      { db: database.db, publicUrl: cfg.publicUrl },
      { id: values.id, at: values.at, note: values.note },
    );
    console.log(`Invitation queued for ${sent.to}: ${sent.when}`);
  } else {
    console.error(
      "Usage: playtest-select.ts list [filters] | invite --id ID --at YYYY-MM-DDTHH:MM [--note TEXT]",
    );
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof InviteError ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
