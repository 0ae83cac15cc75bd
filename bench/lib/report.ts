/** One line of the bench's table: a figure, what it is compared with, and its target. */
export type Figure = {
  /** The figure's number in bench/README.md, and the database when it matters ("2 pglite"). */
  figure: string;
  label: string;
  value: string;
  reference: string;
  /** "0.52×", or why no ratio is given. */
  ratio: string;
  target: string;
  /** Whether the target is met; null when there is nothing to judge (or no ratio was given). */
  met: boolean | null;
};

export const ratio = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;
export const rps = (value: number) => `${Math.round(value).toLocaleString("en")} req/s`;

const columns = ["figure", "label", "value", "reference", "ratio", "target", "met"] as const;

function cells(f: Figure): string[] {
  return [
    f.figure,
    f.label,
    f.value,
    f.reference,
    f.ratio,
    f.target,
    f.met === null ? "—" : f.met ? "yes" : "NO",
  ];
}

export function formatFigure(f: Figure): string {
  return `[${f.figure}] ${f.label}: ${f.value} | ref ${f.reference} | ${f.ratio} | target ${f.target} | ${cells(f)[6]}`;
}

export function formatTable(figures: readonly Figure[]): string {
  const rows = [columns.map(String), ...figures.map(cells)];
  const widths = columns.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}
