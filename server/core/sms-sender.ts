/** Delivers a text message to a mobile number. */
export interface SmsSender {
  send(mobile: string, body: string): Promise<void>;
}
