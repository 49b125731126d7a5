import { IMAGE_TYPES } from '@townsquare/contracts';
import { translate } from '../../lib/i18n/intl.tsx';

/** Spec 5, image upload. */
export interface ImageRules {
  maxMB: number;
  /** Exact MIME types allowed; defaults to the raster types the server stores. */
  types?: readonly string[];
  /** Overrides "File size must be less than {n}MB" (profile setup's own wording). */
  tooLargeMessage?: string;
}

/** The message to show for a file that may not be uploaded (in the viewer's language), or null when it may. */
export function validateImage(file: File, rules: ImageRules, source: 'picked' | 'dropped'): string | null {
  if (!file.type.startsWith('image/')) {
    return translate(source === 'dropped' ? 'common.upload.dropImage' : 'common.upload.selectImage');
  }
  const types = rules.types && rules.types.length > 0 ? rules.types : IMAGE_TYPES;
  if (!types.includes(file.type)) return translate('errors.UPLOAD_INVALID_TYPE');
  if (file.size > rules.maxMB * 1024 * 1024) {
    return rules.tooLargeMessage ?? translate('common.upload.tooLarge', { max: rules.maxMB });
  }
  return null;
}
