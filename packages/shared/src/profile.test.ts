import { describe, expect, it } from 'vitest';
import { directImageUrl } from './image-url';
import { trainerProfileUpdateSchema } from './profile';

describe('Google Drive link rewrite', () => {
  it('turns share and open links into the direct form', () => {
    expect(directImageUrl('https://drive.google.com/file/d/1AbC-d_9/view?usp=sharing')).toBe(
      'https://drive.google.com/uc?export=view&id=1AbC-d_9',
    );
    expect(directImageUrl('https://drive.google.com/open?id=XYZ123')).toBe(
      'https://drive.google.com/uc?export=view&id=XYZ123',
    );
    expect(directImageUrl(' https://drive.google.com/uc?export=view&id=XYZ123 ')).toBe(
      'https://drive.google.com/uc?export=view&id=XYZ123',
    );
  });

  it('leaves other image URLs alone', () => {
    expect(directImageUrl('https://images.example.com/me.png')).toBe('https://images.example.com/me.png');
    expect(directImageUrl('https://docs.google.com/file/d/abc/view')).toBe(
      'https://docs.google.com/file/d/abc/view',
    );
  });
});

describe('profile update schema', () => {
  it('keeps what was typed, trims custom entries and ignores blank ones', () => {
    const parsed = trainerProfileUpdateSchema.parse({
      city: ' Boise ',
      state: 'ID',
      specializations: [' Teen Safety ', '', 'Teen Safety', 'Knife defense'],
      profilePicture: 'https://drive.google.com/file/d/abc/view',
    });
    expect(parsed).toEqual({
      city: 'Boise',
      state: 'ID',
      specializations: ['Teen Safety', 'Knife defense'],
      profilePicture: 'https://drive.google.com/uc?export=view&id=abc',
    });
  });

  it('enforces the 250-character bio, a valid e-mail and name, and a URL website', () => {
    const result = trainerProfileUpdateSchema.safeParse({
      publicBio: 'x'.repeat(251),
      email: 'nope',
      name: 'A',
      website: 'not a url',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      publicBio: 'Bio must be at most 250 characters',
      email: 'Please enter a valid email',
      name: 'Name must be at least 2 characters',
      website: 'Please enter a valid URL (starting with http:// or https://)',
    });
    expect(trainerProfileUpdateSchema.safeParse({ publicBio: 'x'.repeat(250) }).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(trainerProfileUpdateSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });
});
