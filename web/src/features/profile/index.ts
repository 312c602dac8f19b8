// The profile feature as other features see it: import it from '@/features/profile', never a file inside.
export { BioField } from './bio-field';
export { CameraCapture } from './camera-capture';
export { checkImageFile } from './photo-rules';
export { useOwnProfile } from './profile-api';
