/** A stand-in for the browser's EventSource in page tests: records what was opened, emits events by hand. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  listeners = new Map<string, ((event: { data?: unknown }) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  close() {
    this.readyState = 2;
  }
}
