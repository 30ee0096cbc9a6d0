import { Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PROFILE_PICTURE_MAX_BYTES } from '@soulpunch/shared';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { useDeleteProfilePicture } from '../../api/delete-profile-picture';
import { useUploadProfilePicture } from '../../api/upload-profile-picture';
import { TrainerAvatar } from '../trainer-avatar';
import { bindText, type ProfileFormApi } from './form-bindings';

/** The server's own words (apps/server profiles/picture.ts), checked here first to save a pointless upload. */
export const PICTURE_MESSAGES = {
  tooLarge: 'The picture must be 2 MB or smaller.',
  wrongType: 'Please upload a PNG or JPEG image.',
} as const;

/** Where the server keeps uploaded pictures (apps/server profiles routes). */
const UPLOADED_PICTURE_PATH = '/api/pictures/';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg'];
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g)$/i;

export function pictureProblem(file: File): string | null {
  const typeOk = file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name);
  if (!typeOk) return PICTURE_MESSAGES.wrongType;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooLarge;
  return null;
}

interface ProfilePictureSectionProps {
  trainerId: number;
  name: string;
  form: ProfileFormApi;
  /** An upload or removal is saved at once; the editor records it as the saved value too. */
  onSaved: (profilePicture: string | null) => void;
}

export function ProfilePictureSection({ trainerId, name, form, onSaved }: ProfilePictureSectionProps) {
  const upload = useUploadProfilePicture();
  const remove = useDeleteProfilePicture();
  const [problem, setProblem] = useState<string | null>(null);

  function handleFile(file: File | null) {
    if (!file) return;
    const clientProblem = pictureProblem(file);
    setProblem(clientProblem);
    if (clientProblem) return;
    upload.mutate(
      { trainerId, file },
      {
        onSuccess: ({ profilePicture }) => {
          onSaved(profilePicture);
          notifications.show({
            color: 'green',
            title: 'Picture Updated',
            message: 'Your profile picture has been saved.',
          });
        },
        onError: (error) => setProblem(getErrorMessage(error)),
      },
    );
  }

  function handleRemove() {
    setProblem(null);
    remove.mutate(trainerId, {
      onSuccess: () => onSaved(null),
      onError: (error) => setProblem(getErrorMessage(error)),
    });
  }

  const picture = form.values.profilePicture;
  const uploaded = picture.startsWith(UPLOADED_PICTURE_PATH);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-picture-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="profile-picture-title">
          Profile Picture
        </Title>
        <Group align="flex-start" gap="lg">
          <TrainerAvatar name={name} picture={picture} size={96} radius={96} />
          <Stack gap="xs" style={{ flex: 1, minWidth: 240 }}>
            <Group gap="sm">
              <FileButton
                onChange={handleFile}
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                inputProps={{ 'aria-label': 'Upload profile picture' }}
              >
                {(props) => (
                  <Button {...props} loading={upload.isPending}>
                    Upload Picture
                  </Button>
                )}
              </FileButton>
              {picture && (
                <Button variant="default" onClick={handleRemove} loading={remove.isPending}>
                  Remove
                </Button>
              )}
            </Group>
            <Text size="sm" c="gray.7">
              PNG, JPG or JPEG, 2MB maximum.
            </Text>
            {problem && (
              <Text size="sm" c="red.9" role="alert">
                {problem}
              </Text>
            )}
            <TextInput
              label="Or use an image URL"
              placeholder="https://"
              type="url"
              description={
                uploaded
                  ? 'Your uploaded picture is in use. A link typed here replaces it when you save.'
                  : 'Google Drive share links work too. Saved with the profile.'
              }
              {...bindText(form, 'profilePicture')}
              // The app's own address for an uploaded picture is not a link the trainer typed: show none.
              value={uploaded ? '' : picture}
            />
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
