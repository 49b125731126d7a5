import { IMAGE_TYPES, UPLOAD_MSG } from '@townsquare/contracts';

/** Spec 5, image upload. */
export interface ImageRules {
  maxMB: number;
  /** Exact MIME types allowed; defaults to the raster types the server stores. */
  types?: readonly string[];
  /** Overrides "File size must be less than {n}MB" (profile setup's own wording). */
  tooLargeMessage?: string;
}

/** The message to show for a file that may not be uploaded, or null when it may. */
export function validateImage(file: File, rules: ImageRules, source: 'picked' | 'dropped'): string | null {
  if (!file.type.startsWith('image/')) {
    return source === 'dropped' ? 'Please drop an image file' : 'Please select an image file';
  }
  const types = rules.types && rules.types.length > 0 ? rules.types : IMAGE_TYPES;
  if (!types.includes(file.type)) return UPLOAD_MSG.invalidType;
  if (file.size > rules.maxMB * 1024 * 1024) {
    return rules.tooLargeMessage ?? `File size must be less than ${rules.maxMB}MB`;
  }
  return null;
}
