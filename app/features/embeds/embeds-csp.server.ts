import type { PageCspExtras } from "~/platform/security/headers.server";
import { playerOrigins, type Trailer } from "./providers";

/**
 * The policy a page with a trailer needs: its player's origin in `frame-src`, on that page only
 * (pageCspHeader). The player's own requests run under the provider's frame, not our policy.
 */
export function trailerCspExtras(trailer: Trailer | null): PageCspExtras {
  return trailer ? { frameSrc: [playerOrigins[trailer.provider]] } : {};
}
