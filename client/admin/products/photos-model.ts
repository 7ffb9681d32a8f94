/**
 * The photos screen's draft (what the one save bar saves): the order, the alt texts per language and
 * the focal points, and what of it differs from what is stored. Pure: unit-tested in photos.spec.tsx.
 */
import type { AdminPhotoList, PhotoChangesBody } from '../../../contract/api/admin-photos';
import { LOCALES, type Locale } from '../../../contract/locales';
import type { FocalPoint } from '../../../contract/media';
import { textOrMissing } from '../kit/translations';

export type AltDraft = Record<Locale, string | null>;

export interface PhotosDraft {
  order: string[];
  alt: Record<string, AltDraft>;
  focal: Record<string, FocalPoint>;
}

export function draftOfPhotos(list: AdminPhotoList): PhotosDraft {
  return {
    order: list.photos.map((p) => p.id),
    alt: Object.fromEntries(list.photos.map((p) => [p.id, { ...p.alt }])),
    focal: Object.fromEntries(list.photos.map((p) => [p.id, { ...p.focal }])),
  };
}

/**
 * The draft over what is stored now: photos uploaded meanwhile join at the end with their stored
 * values, removed ones leave; everything the person changed stays.
 */
export function reconcile(draft: PhotosDraft | null, list: AdminPhotoList): PhotosDraft {
  const stored = draftOfPhotos(list);
  if (!draft) return stored;
  const ids = new Set(stored.order);
  const order = [...draft.order.filter((id) => ids.has(id)), ...stored.order.filter((id) => !draft.order.includes(id))];
  return {
    order,
    alt: Object.fromEntries(order.map((id) => [id, draft.alt[id] ?? stored.alt[id]!])),
    focal: Object.fromEntries(order.map((id) => [id, draft.focal[id] ?? stored.focal[id]!])),
  };
}

const sameAlt = (a: AltDraft, b: AltDraft) => LOCALES.every((l) => (textOrMissing(a[l] ?? '') ?? null) === (b[l] ?? null));
const sameFocal = (a: FocalPoint, b: FocalPoint) => Math.abs(a.x - b.x) < 0.0005 && Math.abs(a.y - b.y) < 0.0005;

/** The PATCH body of the changes and how many there are (the order counts once, each photo's alt and focal point once). */
export function photoChanges(list: AdminPhotoList, draft: PhotosDraft): { body: PhotoChangesBody | null; count: number } {
  const stored = draftOfPhotos(list);
  let count = 0;
  const body: { order?: string[]; photos?: NonNullable<PhotoChangesBody['photos']> } = {};
  if (draft.order.join() !== stored.order.join()) {
    body.order = draft.order;
    count++;
  }
  const photos: NonNullable<PhotoChangesBody['photos']> = [];
  for (const id of draft.order) {
    const entry: NonNullable<PhotoChangesBody['photos']>[number] = { id };
    if (stored.alt[id] && !sameAlt(draft.alt[id]!, stored.alt[id])) {
      entry.alt = Object.fromEntries(LOCALES.map((l) => [l, textOrMissing(draft.alt[id]![l] ?? '')]));
      count++;
    }
    if (stored.focal[id] && !sameFocal(draft.focal[id]!, stored.focal[id])) {
      entry.focal = draft.focal[id]!;
      count++;
    }
    if (entry.alt || entry.focal) photos.push(entry);
  }
  if (photos.length) body.photos = photos;
  return { body: count ? (body as PhotoChangesBody) : null, count };
}

/** `order` with the item at `from` moved by `by` places (clamped to the ends). */
export function moveItem<T>(order: readonly T[], from: number, by: number): T[] {
  const to = Math.min(order.length - 1, Math.max(0, from + by));
  const out = [...order];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** A focal point moved by the arrow keys (5 % a press, 1 % with Shift), kept inside the picture. */
export function nudgeFocal(focal: FocalPoint, key: string, fine = false): FocalPoint | null {
  const step = fine ? 0.01 : 0.05;
  const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  switch (key) {
    case 'ArrowLeft':
      return { x: round(focal.x - step), y: focal.y };
    case 'ArrowRight':
      return { x: round(focal.x + step), y: focal.y };
    case 'ArrowUp':
      return { x: focal.x, y: round(focal.y - step) };
    case 'ArrowDown':
      return { x: focal.x, y: round(focal.y + step) };
    default:
      return null;
  }
}
