/** What the services need to describe an event and to wake this process's delivery worker. */
export type HandoffEmitter = {
  /** APP_URL: the quote's link in every event. */
  appUrl: string;
  /** Called once an event is stored: this process delivers it at once instead of at its next poll. */
  wake(): void;
};
