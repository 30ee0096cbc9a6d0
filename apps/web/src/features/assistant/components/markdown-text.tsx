import { Anchor, Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import classes from './markdown-text.module.css';

function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  if (!href) return <>{children}</>;
  // A page of this app opens in place (the conversation is kept); anything else in a new tab.
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Anchor component={Link} to={href} inherit underline="always">
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit underline="always">
      {children}
    </Anchor>
  );
}

function headingAs(level: number) {
  // Inside a chat answer or a preview, headings stay text: they must not break the page's own outline.
  return function Heading({ children }: { children?: ReactNode }) {
    return (
      <Text component="p" fw={700} size={level <= 2 ? 'md' : 'sm'} mt="xs">
        {children}
      </Text>
    );
  };
}

const components: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  h1: headingAs(1),
  h2: headingAs(2),
  h3: headingAs(3),
  h4: headingAs(4),
  h5: headingAs(5),
  h6: headingAs(6),
  code: ({ children }) => <Code>{children}</Code>,
  img: ({ alt }) => <>{alt}</>,
};

/**
 * Markdown from the knowledge base or the assistant, rendered safely: raw HTML is dropped, links are checked by
 * react-markdown's URL filter (no `javascript:`), images show as their text so nothing is loaded from outside.
 */
export function MarkdownText({ children }: { children: string }) {
  return (
    <div className={classes.markdown}>
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {children}
      </Markdown>
    </div>
  );
}
