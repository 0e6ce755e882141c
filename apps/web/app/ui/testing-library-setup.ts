/**
 * Unit-test setup (vitest `setupFiles`): Testing Library's `findBy…` and `waitFor` wait up to 5 s
 * instead of 1 s. A component test waits for a real render after a stubbed answer; on a busy CI
 * machine (two cores, every project running) one second was not always enough.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
