import { translate } from '../../lib/i18n/intl.tsx';

/**
 * The texts of the event screens that live outside the event form (spec sections 2 and 8). The
 * form itself uses `EVENT_MSG` from the contracts; these stay here so the dashboard and the event
 * page do not load the contracts' schemas just to print a sentence. Each reads the catalogs
 * (`events.text.*`) when used, so it is in the viewer's language.
 */
export const EVENT_TEXT = {
  /** The server's 404 text, `EVENT_MSG.notFound`. */
  get notFound() {
    return translate('events.text.notFound');
  },
  get loadFailed() {
    return translate('events.text.loadFailed');
  },
  get noData() {
    return translate('events.text.noData');
  },
  get deleteFailed() {
    return translate('events.text.deleteFailed');
  },
  get saveFailedGeneric() {
    return translate('events.text.saveFailedGeneric');
  },
  get endedWarning() {
    return translate('events.text.endedWarning');
  },
  get noEvents() {
    return translate('events.text.noEvents');
  },
  get getStarted() {
    return translate('events.text.getStarted');
  },
  get unknownCreator() {
    return translate('events.text.unknownCreator');
  },
  get unknownUser() {
    return translate('events.text.unknownUser');
  },
  get creatorNotice() {
    return translate('events.text.creatorNotice');
  },
  get invalidDate() {
    return translate('events.text.invalidDate');
  },
  /** On a cancelled event's page and card. */
  get cancelledNotice() {
    return translate('events.text.cancelledNotice');
  },
  get cancelAction() {
    return translate('events.text.cancelAction');
  },
  get cancelFailed() {
    return translate('events.text.cancelFailed');
  },
  get cancelled() {
    return translate('events.text.cancelled');
  },
  get restoreAction() {
    return translate('events.text.restoreAction');
  },
  get restoreFailed() {
    return translate('events.text.restoreFailed');
  },
  get restored() {
    return translate('events.text.restored');
  },
};

/** "Failed to save event: {message}", or the generic text when there is no message to show. */
export function saveFailedMessage(message: string | undefined): string {
  return message ? translate('events.text.saveFailed', { message }) : EVENT_TEXT.saveFailedGeneric;
}
