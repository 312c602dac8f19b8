// The profile feature as other features see it: import it from '@/features/profile', never a file inside.
export { InterestsAndBioFields, NameAndAgeFields } from './about-fields';
export { CameraCapture } from './camera-capture';
export { checkImageFile } from './photo-rules';
export { useOwnProfile } from './profile-api';
