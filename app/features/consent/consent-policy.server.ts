import crypto from "node:crypto";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import {
  ANALYTICS_CONSENT_COOKIE,
  type EffectiveRevision,
  effectiveRevision,
  gpcRequested,
  readConsent,
} from "./consent-cookies";
import { consentRevision } from "./consent-kind.server";

/**
 * What a choice in the banner is a choice about (docs/decisions/0042): the policy's revision
 * (content/consent.yaml) and the outside providers a consent to analytics lets in. Their
 * effective revision is what the record cookie and the records carry.
 */
export type ConsentPolicy = {
  /** content/consent.yaml's `revision`. */
  revision: number;
  /** The origins of the outside providers, sorted; empty when none is configured. */
  providers: string[];
  effectiveRevision: EffectiveRevision;
};

/**
 * The outside providers a consent to analytics lets in, by origin: the analytics script's
 * (ANALYTICS_SCRIPT_URL), the only one the site can load. Sorted, so that the digest does not
 * depend on the order of the settings.
 */
export function outsideProviderOrigins(config: Pick<Config, "ANALYTICS_SCRIPT_URL">): string[] {
  const origins = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  return [...new Set(origins)].sort();
}

/**
 * The outside provider the banner names: its host (`stats.example.net`), null when analytics is
 * first-party only.
 */
export function outsideProviderHost(config: Pick<Config, "ANALYTICS_SCRIPT_URL">): string | null {
  return config.ANALYTICS_SCRIPT_URL ? new URL(config.ANALYTICS_SCRIPT_URL).host : null;
}

/**
 * A short digest of the providers' origins (the first 8 hex digits of the SHA-256 of the sorted
 * origins, one per line), null without any: another provider, or one more, gives another digest,
 * so a choice made before it is asked again. Not a secret, only a fingerprint: the records keep
 * the origins themselves.
 */
export function providersDigest(origins: readonly string[]): string | null {
  if (origins.length === 0) return null;
  return crypto
    .createHash("sha256")
    .update([...origins].sort().join("\n"), "utf8")
    .digest("hex")
    .slice(0, 8);
}

/** The policy in force: the content's revision (memoized per content version) and the providers. */
export async function consentPolicy({ db, config }: { db: Db; config: Config }): Promise<ConsentPolicy> {
  const revision = await consentRevision(db);
  const providers = outsideProviderOrigins(config);
  return { revision, providers, effectiveRevision: effectiveRevision(revision, providersDigest(providers)) };
}

/**
 * Whether the choice stored in a request's cookies lets the outside provider run: analytics
 * granted under the current policy, a grant still waiting for the server's word on the privacy
 * signal included (the page asks, and the provider waits for the answer). The pages' policy
 * names the provider's origins only then (features/analytics/analytics-csp.server.ts).
 */
export async function cookiesAllowProvider(
  svc: { db: Db; config: Config },
  request: { cookie: string | undefined; gpc: string | undefined },
): Promise<boolean> {
  // Most requests carry no grant at all: no policy read for them.
  if (!request.cookie?.includes(ANALYTICS_CONSENT_COOKIE)) return false;
  const { effectiveRevision } = await consentPolicy(svc);
  const consent = readConsent(request.cookie, {
    revision: effectiveRevision,
    gpc: gpcRequested(request.gpc),
  });
  return consent.analytics || consent.pendingSignal;
}
