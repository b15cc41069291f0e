// A route whose page is not built yet: its title and nothing else.
import { Page } from '@shopify/polaris';

export function TitleOnlyPage({ title }: { title: string }) {
  return <Page title={title} />;
}
