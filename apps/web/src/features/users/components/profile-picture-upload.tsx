import { useT } from '../../../lib/i18n/intl.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';

/** Profile pictures are PNG or JPEG (spec 5), up to 5MB: one rule for setup and for edit. */
const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

interface ProfilePictureUploadProps {
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

/** The one profile-picture widget, used by profile setup and by the profile's edit mode. */
export function ProfilePictureUpload(props: ProfilePictureUploadProps) {
  const t = useT();
  return (
    <ImageUpload
      {...props}
      label={t('users.picture.label')}
      maxMB={5}
      types={PROFILE_IMAGE_TYPES}
      tooLargeMessage={t('users.picture.tooLarge', { max: 5 })}
      folder="profile-image"
    />
  );
}
