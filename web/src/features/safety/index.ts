// The safety feature as other features see it: import it from '@/features/safety', never a file inside.
export { NudgePrompt } from './nudge-prompt';
export { refreshAfterSafetyAction } from './safety-api';
export { SafetyMenu } from './safety-menu';
export { HiddenWordsSection } from './hidden-words-section';
