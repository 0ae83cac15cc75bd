import type { Platform } from "./platform-names";

/** A simple mark per platform (our drawing, not the platforms' trademarks): decorative. */
export function PlatformIcon({ platform }: { platform: Platform }) {
  return (
    <svg
      className={`platform-icon platform-icon--${platform}`}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.16" />
      {platform === "steam" ? (
        <g fill="none" stroke="currentColor" strokeWidth="2.2">
          <circle cx="20" cy="12" r="4.5" />
          <circle cx="11" cy="21" r="3.5" />
          <path d="M14 19.5l3.2-3.6" strokeLinecap="round" />
        </g>
      ) : platform === "twitch" ? (
        <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round">
          <path d="M8 7h17v11l-5 5h-4l-3 3v-3H8z" />
          <path d="M15 12v5M20 12v5" strokeLinecap="round" />
        </g>
      ) : platform === "galaxy" ? (
        <g fill="none" stroke="currentColor" strokeWidth="2.2">
          <ellipse cx="16" cy="16" rx="10" ry="4.5" transform="rotate(-25 16 16)" />
          <circle cx="16" cy="16" r="3" fill="currentColor" />
        </g>
      ) : (
        <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M22.5 11.5A8 8 0 1 0 24 17h-7" />
        </g>
      )}
    </svg>
  );
}
