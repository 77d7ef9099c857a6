// Render reply texts as the AgentScope web UI's MessageBubble does (react-markdown + remark-gfm,
// one <ReactMarkdown> per text block): reads a JSON list of texts on stdin, prints a JSON list of
// {html, text} (the HTML and the text a reader sees).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const texts = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const decode = (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
  .replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const out = texts.map((text) => {
  const html = renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, text));
  return { html, text: decode(html.replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, '')) };
});
process.stdout.write(JSON.stringify(out));
