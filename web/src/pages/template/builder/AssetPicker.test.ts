/** The asset picker's choices: only pictures the image block takes, narrowed by name, a page at a time. */
import { describe, expect, it } from 'vitest';
import type { AssetFileView } from '../../../../../shared/services';
import { imageAssets, isImageAsset, matchingFolders, PICKER_PAGE_SIZE, pageOf } from './AssetPicker';

const file = (name: string): AssetFileView => ({ path: `spring/${name}`, name, folder: 'spring', size: 10, url: `https://h.example/assets/1/spring/${name}`, dateUpdated: 0 });

describe('imageAssets', () => {
  const files = ['notes.pdf', 'Hero.PNG', 'banner.jpeg', 'logo.jpg', 'moving.gif', 'page.html', 'icon.svg'].map(file);

  it('keeps PNG, JPEG and GIF files only, sorted by name, with the url the asset manager shows', () => {
    const shown = imageAssets(files, '');
    expect(shown.map((f) => f.name)).toEqual(['banner.jpeg', 'Hero.PNG', 'logo.jpg', 'moving.gif']);
    expect(shown[1]!.url).toBe('https://h.example/assets/1/spring/Hero.PNG');
  });

  it('narrows by a part of the name in any case, ignoring surrounding spaces', () => {
    expect(imageAssets(files, ' hE ').map((f) => f.name)).toEqual(['Hero.PNG']);
    expect(imageAssets(files, 'notes')).toEqual([]);
  });

  it('tells pictures by their extension', () => {
    expect(['a.png', 'a.JPG', 'a.jpeg', 'a.gif'].every(isImageAsset)).toBe(true);
    expect(['a.png.txt', 'png', 'a.webp'].some(isImageAsset)).toBe(false);
  });
});

describe('matchingFolders', () => {
  it('narrows folders by the same filter', () => {
    const folders = [
      { name: 'Spring', path: 'Spring' },
      { name: 'autumn', path: 'autumn' },
    ];
    expect(matchingFolders(folders, '')).toEqual(folders);
    expect(matchingFolders(folders, 'spr')).toEqual([folders[0]]);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 30 }, (_, i) => i);

  it('shows a page of the picker size', () => {
    expect(pageOf(items, 0).items).toEqual(items.slice(0, PICKER_PAGE_SIZE));
    expect(pageOf(items, PICKER_PAGE_SIZE)).toEqual({ first: PICKER_PAGE_SIZE, items: items.slice(PICKER_PAGE_SIZE, 2 * PICKER_PAGE_SIZE) });
  });

  it('falls back to the last page when a narrower list ends before the page', () => {
    expect(pageOf(items.slice(0, 5), 24)).toEqual({ first: 0, items: items.slice(0, 5) });
    expect(pageOf(items, 99)).toEqual({ first: 24, items: items.slice(24) });
  });

  it('an empty list is one empty page', () => {
    expect(pageOf([], 12)).toEqual({ first: 0, items: [] });
  });
});
