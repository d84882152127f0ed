import { describe, expect, it } from 'vitest';
import { escapeHtml, layOutEmail, type Letterhead } from '../src/lib/email-layout.ts';
import { lifetimeInWords, type OutgoingEmail } from '../src/lib/outgoing-email.ts';

const PNG = `data:image/png;base64,${Buffer.from('pretend png bytes').toString('base64')}`;
const firm: Letterhead = { name: 'Obi & Sons <Law>', isFirm: true, logo: PNG, replyTo: 'office@obi.example', sentBy: 'Ada "Ace" Obi' };
const email: OutgoingEmail = {
  to: 'client@example.com',
  subject: 'Invoice <INV-1>',
  sender: 'firm',
  greeting: 'Dear <b>Client</b>,',
  paragraphs: ['First & only paragraph,\nwith a second line and https://obi.example/a?b=1&c=2.'],
  action: { label: 'View <it>', url: 'https://obi.example/billing/invoice/x?y=1&z="2"', expiry: 'The link expires in 7 days.' },
  closing: ["Don't reply <here>."],
  why: 'invoice <INV-1> is addressed to you',
};

describe('the email layout', () => {
  it('escapes every piece of interpolated text in the HTML, the links included', () => {
    const { html } = layOutEmail(email, firm);
    for (const raw of ['<b>', '<Law>', '<it>', '<here>', '<INV-1>', '"Ace"', 'z="2"']) expect(html).not.toContain(raw);
    expect(html).toContain('Obi &amp; Sons &lt;Law&gt;');
    expect(html).toContain('Dear &lt;b&gt;Client&lt;/b&gt;,');
    expect(html).toContain('href="https://obi.example/billing/invoice/x?y=1&amp;z=&quot;2&quot;"');
    expect(html).toContain('<a href="https://obi.example/a?b=1&amp;c=2" style=');
    expect(html).toContain('with a second line');
    expect(html).toContain('First &amp; only paragraph,<br>with');
  });

  it('lays out the text part from the same content: name on top, the link and its expiry, who sent it and why', () => {
    const { text } = layOutEmail(email, firm);
    expect(text.split('\r\n')).toEqual([
      'Obi & Sons <Law>',
      '',
      'Dear <b>Client</b>,',
      '',
      'First & only paragraph,',
      'with a second line and https://obi.example/a?b=1&c=2.',
      '',
      'View <it>:',
      'https://obi.example/billing/invoice/x?y=1&z="2"',
      'The link expires in 7 days.',
      '',
      "Don't reply <here>.",
      '',
      '-- ',
      'Ada "Ace" Obi of Obi & Sons <Law> sent this email through Matterhorn because invoice <INV-1> is addressed to you.',
      'Reply to this email to write to Obi & Sons <Law>.',
      '',
    ]);
  });

  it('ends every line of both parts in CRLF', () => {
    const { text, html } = layOutEmail(email, firm);
    for (const part of [text, html]) {
      expect(part).not.toMatch(/[^\r]\n/);
      expect(part).not.toMatch(/\r[^\n]/);
    }
  });

  it('keeps the HTML within 600 px and fluid below it, with a button and the footer', () => {
    const { html } = layOutEmail(email, firm);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('width="100%"');
    expect(html).toContain('max-width:600px');
    expect(html).not.toMatch(/<style|class=/);
    expect(html).toContain('>View &lt;it&gt;</a>');
    expect(html).toContain('The link expires in 7 days.');
    expect(html).toContain('Ada &quot;Ace&quot; Obi of Obi &amp; Sons &lt;Law&gt; sent this email through Matterhorn because');
  });

  it('shows a PNG, JPEG or GIF logo from the message itself, and leaves out other formats and the product’s own emails', () => {
    const shown = layOutEmail(email, firm);
    expect(shown.logo).toMatchObject({ cid: 'logo@matterhorn', contentType: 'image/png', filename: 'logo.png' });
    expect(shown.logo!.content.toString()).toBe('pretend png bytes');
    expect(shown.html).toContain('<img src="cid:logo@matterhorn"');
    const svg = layOutEmail(email, { ...firm, logo: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(svg.logo).toBeNull();
    expect(svg.html).not.toContain('<img');
    const product = layOutEmail(
      { ...email, sender: 'matterhorn' },
      { name: 'Matterhorn', isFirm: false, logo: PNG, replyTo: null, sentBy: null },
    );
    expect(product.logo).toBeNull();
    expect(product.text).toContain('Matterhorn sent this email because invoice <INV-1> is addressed to you.');
    expect(product.text).not.toContain('Reply to this email');
  });

  it('draws the firm’s accent on the rule under its name and the button, the label white or near-black by contrast', () => {
    const dark = layOutEmail(email, { ...firm, accentColour: '#1F4E79' }).html;
    expect(dark).toContain('border-bottom:3px solid #1F4E79;');
    expect(dark).toContain('<td bgcolor="#1F4E79" style="border-radius:4px;background-color:#1F4E79;">');
    expect(dark).toMatch(/color:#FFFFFF;text-decoration:none;border-radius:4px;">View &lt;it&gt;<\/a>/);
    // Dark enough to read on white: the links take it too.
    expect(dark).toContain('<a href="https://obi.example/a?b=1&amp;c=2" style="color:#1F4E79;');

    const light = layOutEmail(email, { ...firm, accentColour: '#FFD43B' }).html;
    expect(light).toContain('<td bgcolor="#FFD43B"');
    expect(light).toMatch(/color:#1A1B1E;text-decoration:none;border-radius:4px;">View &lt;it&gt;<\/a>/);
    // Too light for text on white: the links keep the product's blue.
    expect(light).toContain('<a href="https://obi.example/a?b=1&amp;c=2" style="color:#1864ab;');
  });

  it('keeps the product’s colours without an accent, with one that is not #RRGGBB, and on the product’s own emails', () => {
    const plain = layOutEmail(email, firm).html;
    expect(plain).toContain('<td bgcolor="#1864ab"');
    expect(plain).toContain('color:#ffffff;text-decoration:none;');
    expect(plain).not.toContain('border-bottom:3px');
    expect(layOutEmail(email, { ...firm, accentColour: null }).html).toBe(plain);
    expect(layOutEmail(email, { ...firm, accentColour: 'navy' }).html).toBe(plain);
    const product = { name: 'Matterhorn', isFirm: false, logo: null, replyTo: null, sentBy: null };
    expect(layOutEmail(email, { ...product, accentColour: '#1F4E79' }).html).toBe(layOutEmail(email, product).html);
  });

  it('tells how to stop a reminder, where its firm has an address', () => {
    expect(layOutEmail({ ...email, isReminder: true }, firm).text).toContain(
      'To stop these reminders, write to Obi & Sons <Law> at office@obi.example.',
    );
    expect(layOutEmail({ ...email, isReminder: true }, { ...firm, replyTo: null }).text).not.toContain('To stop');
  });

  it.each([
    [15, '15 minutes'],
    [60, '1 hour'],
    [24 * 60, '24 hours'],
    [48 * 60, '48 hours'],
    [7 * 24 * 60, '7 days'],
    [90, '90 minutes'],
  ])('says a lifetime of %i minutes as "%s"', (minutes, words) => {
    expect(lifetimeInWords(minutes)).toBe(words);
  });

  it('escapes the five characters HTML gives a meaning', () => {
    expect(escapeHtml(`<a href="x">Tom's & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;');
  });
});
