/**
 * The thirty letters of the Croatian alphabet, in order: the campaign 'A story worth every letter' chose one
 * song for each (content/pages/story.*.md). Dž, Lj and Nj are single letters written with two characters.
 */
export const CROATIAN_ALPHABET = [
  'A', 'B', 'C', 'Č', 'Ć', 'D', 'Dž', 'Đ', 'E', 'F', 'G', 'H', 'I', 'J', 'K',
  'L', 'Lj', 'M', 'N', 'Nj', 'O', 'P', 'R', 'S', 'Š', 'T', 'U', 'V', 'Z', 'Ž',
] as const;
