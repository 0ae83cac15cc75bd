/**
 * Line icons drawn for the site (24×24, stroke in currentColor), decorative only: the text next
 * to each icon says what it means. Content picks one by name; an unknown name gets the spark.
 */
const paths: Record<string, string> = {
  spark: "M12 2v5m0 10v5M2 12h5m10 0h5M5 5l3.5 3.5m7 7L19 19M19 5l-3.5 3.5m-7 7L5 19",
  controller:
    "M7 8h10a5 5 0 0 1 4.9 6l-.6 3a2.5 2.5 0 0 1-4.4 1L15 16H9l-1.9 2a2.5 2.5 0 0 1-4.4-1l-.6-3A5 5 0 0 1 7 8Zm1 3v4m-2-2h4m5-1h.01M17 14h.01",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z",
  people:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-6 6-6s6 2.7 6 6m1-16a3.5 3.5 0 0 1 0 7m2.5 9c0-2.6-1.2-4.8-3-5.6",
  compass: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm3.5-12.5-2 5-5 2 2-5 5-2Z",
  shield: "M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Zm-3 9 2 2 4-4",
  brush: "M14.5 4.5 19.5 9.5 11 18a3 3 0 0 1-2.1.9H5v-3.9A3 3 0 0 1 5.9 13L14.5 4.5Zm-2 2 5 5M21 3l-1.5 1.5",
  growth: "M4 20h16M6 16l4-4 3 3 6-7m0 0h-4m4 0v4",
  balance: "M12 4v16m-7 0h14M5 8h14M5 8l-2.5 6a2.5 2.5 0 0 0 5 0L5 8Zm14 0-2.5 6a2.5 2.5 0 0 0 5 0L19 8Z",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.8 5.5 3.8 9S14.5 18.5 12 21c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z",
  trophy:
    "M8 4h8v5a4 4 0 0 1-8 0V4Zm0 2H4.5v1.5A3.5 3.5 0 0 0 8 11m8-5h3.5v1.5A3.5 3.5 0 0 1 16 11m-4 2v4m-4 3h8m-6-3h4",
  calendar: "M4 6.5h16V20H4V6.5Zm0 4.5h16M8 3.5v4m8-4v4",
  mail: "M3.5 6h17v12h-17V6Zm0 .5L12 13l8.5-6.5",
  chat: "M4 5h16v11H9l-5 4V5Zm4 5h.01M12 10h.01M16 10h.01",
  pen: "M4 20l1-4L16 5l3 3L8 19l-4 1Zm10-13 3 3",
  pin: "M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z",
};

/** Names the content files use for the home page's value panels (content/home.yaml). */
const aliases: Record<string, string> = {
  players: "controller",
  craft: "brush",
  freedom: "compass",
  together: "people",
};

export function Icon({ name, size = 24 }: { name: string; size?: number }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={paths[aliases[name] ?? name] ?? paths.spark}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
