import { patchNotesKind } from "~/features/patches/patch-kind.server";
import { merchProductsKind } from "~/features/platforms/merch-kind.server";
import { pressKitsKind } from "~/features/press/press-kit-kind.server";
import type { ContentKind } from "./content-kinds.server";

/**
 * The content kinds defined by features (see ContentKind). One line per kind; order is the order
 * they are parsed and stored in.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own unit type.
export const contentKinds: ContentKind<any>[] = [patchNotesKind, pressKitsKind, merchProductsKind];
