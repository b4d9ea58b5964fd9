import { TestPage } from '../../features/leftovers/test-page';

export function Component() {
  return <TestPage />;
}
