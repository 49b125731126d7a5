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
  return (
    <ImageUpload
      {...props}
      label="Profile picture"
      maxMB={5}
      types={PROFILE_IMAGE_TYPES}
      tooLargeMessage="Image size should be less than 5MB"
      folder="profile-image"
    />
  );
}
