import { describe, expect, it } from 'vitest';
import { charLength, cutOnWord, descriptionFromHtml, hasXmlForbidden, xmlSafe } from './feed-text';

describe('xmlSafe', () => {
  it('drops C0 controls but keeps tab, LF and CR', () => {
    expect(xmlSafe('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\th\ni\rj')).toBe('abcdefg\th\ni\rj');
  });

  it('drops U+FFFE, U+FFFF and lone surrogates but keeps pairs', () => {
    expect(xmlSafe('x\uFFFEy\uFFFFz')).toBe('xyz');
    expect(xmlSafe('a\uD800b\uDC00c')).toBe('abc');
    expect(xmlSafe('smile \uD83D\uDE00 and end\uD83D')).toBe('smile 😀 and end');
  });

  it('is what hasXmlForbidden looks for', () => {
    expect(hasXmlForbidden('Vitamin\u0002 C')).toBe(true);
    expect(hasXmlForbidden('Vitamin C 😀\t\n')).toBe(false);
  });
});

describe('cutOnWord', () => {
  it('leaves text within the limit alone', () => {
    expect(cutOnWord('Whey protein', 12)).toEqual({ text: 'Whey protein', cut: false });
  });

  it('cuts at the last space within the limit and drops trailing separators', () => {
    expect(cutOnWord('Organic whey protein, vanilla flavour', 22)).toEqual({
      text: 'Organic whey protein',
      cut: true,
    });
    expect(cutOnWord('Magnesium - glycinate powder', 12)).toEqual({ text: 'Magnesium', cut: true });
  });

  it('cuts a long word hard when no space keeps half of the limit', () => {
    expect(cutOnWord('a Supercalifragilistic', 10)).toEqual({ text: 'a Supercal', cut: true });
  });

  it('counts code points and never splits a surrogate pair', () => {
    const text = '😀'.repeat(8);
    expect(charLength(text)).toBe(8);
    const result = cutOnWord(text, 5);
    expect(result.text).toBe('😀'.repeat(5));
    expect(hasXmlForbidden(result.text)).toBe(false);
  });
});

describe('descriptionFromHtml', () => {
  it('turns blocks and <br> with attributes into breaks, so words stay apart', () => {
    expect(descriptionFromHtml('<div>Sunscreen</div><div>Broad spectrum<br data-x="1">SPF 50</div>')).toBe(
      'Sunscreen\nBroad spectrum\nSPF 50',
    );
    expect(descriptionFromHtml('<p>One</p><p>Two</p>')).toBe('One\n\nTwo');
  });

  it('drops <script> and <style> with their content, and images', () => {
    expect(
      descriptionFromHtml(
        '<style>.x{color:red}</style><p>Calm<script>alert("x")</script> nights<img src="a.png" alt="photo"></p>',
      ),
    ).toBe('Calm nights');
  });

  it('decodes named and numeric entities', () => {
    expect(descriptionFromHtml('It&rsquo;s 100&nbsp;% &amp; pure &hellip; &#x1F600; &lt;b&gt;')).toBe(
      'It’s 100 % & pure … 😀 <b>',
    );
  });

  it('keeps link text without the address, headings in their case, list items as lines', () => {
    expect(
      descriptionFromHtml(
        '<h2>Benefits</h2><ul><li>Energy</li><li>Focus</li></ul><a href="https://x.test">More</a>',
      ),
    ).toBe('Benefits\n• Energy\n• Focus\nMore');
  });

  it('keeps table cells apart', () => {
    expect(
      descriptionFromHtml(
        '<table><tr><td>Size</td><td>Chest</td></tr><tr><td>S</td><td>90</td></tr></table>',
      ),
    ).toBe('Size Chest\nS 90');
  });

  it('removes characters XML forbids and tidies white space', () => {
    expect(descriptionFromHtml('  <p>Pure\u0007   whey\n\n\n protein </p>  ')).toBe('Pure whey protein');
  });

  it('is at most 5,000 characters, cut on a word', () => {
    const text = descriptionFromHtml(`<p>${'word '.repeat(2000)}</p>`);
    expect(charLength(text)).toBeLessThanOrEqual(5000);
    expect(text.endsWith('word')).toBe(true);
  });

  it('is empty for an empty body', () => {
    expect(descriptionFromHtml('')).toBe('');
    expect(descriptionFromHtml('<p> </p><script>x()</script>')).toBe('');
  });
});
