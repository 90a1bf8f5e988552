import '@mantine/dropzone/styles.css';
import type { TProduct } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconFile, IconPhoto, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../components/amount-input';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './studio.module.css';
import { useSaveProduct } from './studio-api';
import { PriceField, StatusField } from './studio-ui';
import {
  emptyProductForm,
  formDataOf,
  imageOf,
  maxProductImages,
  type ProductFormValues,
  productFields,
  productFormOf,
  splitImages,
  ZProductForm,
} from './studio-values';
import { SendProgress } from './video-parts';

const serverFields = ['name', 'description', 'type', 'price', 'stock', 'status'] as const;
const mb = 1024 * 1024;
const digitalMaxBytes = 500 * mb;

/** Local previews of chosen files, revoked when they go. */
function usePreviews(files: File[]) {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * A product, new (`product` null) or existing: name, description, type (fixed once created), price,
 * stock for physical goods or the file for digital ones, images (kept, removed, added) and status.
 * Everything is sent in one multipart request with its progress.
 */
export function ProductForm({
  product,
  onSaved,
}: {
  product: TProduct | null;
  onSaved: (p: TProduct) => void;
}) {
  const isNew = product === null;
  const save = useSaveProduct(product?._id ?? null);
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(ZProductForm),
    defaultValues: product ? productFormOf(product) : emptyProductForm,
  });
  const errors = form.formState.errors;
  const type = form.watch('type');
  const [keptIds, setKeptIds] = useState<string[]>(product?.images.map((i) => i._id) ?? []);
  const [newImages, setNewImages] = useState<File[]>([]);
  const [digitalFile, setDigitalFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const previews = usePreviews(newImages);
  const kept = (product?.images ?? []).filter((i) => keptIds.includes(i._id));
  const room = maxProductImages - kept.length - newImages.length;
  const hasFileChanges =
    newImages.length > 0 || digitalFile !== null || kept.length !== (product?.images.length ?? 0);

  const addImages = (files: File[]) => {
    const { images, skipped } = splitImages(files);
    if (skipped > 0) notifyError('Only images can be product pictures.');
    if (images.length > room) notifyError(`A product may have at most ${maxProductImages} images.`);
    const fitting = images.slice(0, Math.max(room, 0)).filter((f) => {
      if (f.size <= 20 * mb) return true;
      notifyError(`${f.name}: images must be at most 20 MB.`);
      return false;
    });
    if (fitting.length > 0) setNewImages((old) => [...old, ...fitting]);
  };

  const submit = form.handleSubmit((values) => {
    if (values.type === 'digital' && isNew && !digitalFile) {
      setFileError('Choose the file buyers download.');
      return;
    }
    const body = formDataOf(productFields(values, { isNew, keepImageIds: isNew ? undefined : keptIds }), {
      image: newImages,
      digitalFile: [values.type === 'digital' ? digitalFile : null],
    });
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(isNew ? 'Product created' : undefined);
        form.reset(productFormOf(saved));
        setKeptIds(saved.images.map((i) => i._id));
        setNewImages([]);
        setDigitalFile(null);
        onSaved(saved);
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, serverFields);
        notifyError(err);
      },
    });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card>
            <Stack gap="md">
              <Title order={2} fz="lg">
                Details
              </Title>
              <TextInput
                label="Name"
                placeholder="Signed tour poster"
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Textarea
                label="Description"
                autosize
                minRows={3}
                maxRows={10}
                maxLength={5000}
                error={errors.description?.message}
                {...form.register('description')}
              />
              <div>
                <Text size="sm" fw={500} mb={6}>
                  Type
                </Text>
                <Controller
                  control={form.control}
                  name="type"
                  render={({ field }) => (
                    <SegmentedControl
                      data={[
                        { value: 'physical', label: 'Physical' },
                        { value: 'digital', label: 'Digital' },
                      ]}
                      fullWidth
                      value={field.value}
                      onChange={field.onChange}
                      disabled={!isNew}
                      aria-label="Type"
                    />
                  )}
                />
                <Text size="xs" c="dimmed" mt={6}>
                  {type === 'physical'
                    ? 'You ship it; fans can buy it while it is in stock.'
                    : 'Fans download the file once they buy it.'}
                  {isNew ? '' : ' The type cannot change once the product exists.'}
                </Text>
              </div>
              <Group align="flex-start" gap="md" grow preventGrowOverflow={false}>
                <PriceField control={form.control} error={errors.price?.message} />
                {type === 'physical' ? (
                  <Controller
                    control={form.control}
                    name="stock"
                    render={({ field }) => (
                      <AmountInput
                        mode="quantity"
                        noun="stock"
                        isOptional
                        label="Stock"
                        placeholder="10"
                        min={0}
                        max={1_000_000}
                        w={{ base: '100%', sm: 200 }}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={errors.stock?.message}
                      />
                    )}
                  />
                ) : null}
              </Group>
              {type === 'digital' ? (
                <div>
                  <Text size="sm" fw={500} mb={6}>
                    File to download
                  </Text>
                  <Group gap="sm">
                    <FileButton
                      onChange={(file) => {
                        if (file && file.size > digitalMaxBytes)
                          return notifyError('The file must be at most 500 MB.');
                        setDigitalFile(file);
                        setFileError(null);
                      }}
                    >
                      {(props) => (
                        <Button {...props} variant="default" leftSection={<IconFile size={16} />}>
                          {digitalFile || product?.hasDigitalFile ? 'Replace the file' : 'Choose the file'}
                        </Button>
                      )}
                    </FileButton>
                    <Text size="sm" c={fileError ? 'red' : 'dimmed'}>
                      {fileError ??
                        (digitalFile
                          ? `${digitalFile.name} (${(digitalFile.size / mb).toFixed(1)} MB)`
                          : product?.hasDigitalFile
                            ? 'A file is uploaded; buyers get a private link.'
                            : 'Any file up to 500 MB: a PDF, a zip, an e-book…')}
                    </Text>
                  </Group>
                </div>
              ) : null}
              <StatusField control={form.control} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card>
            <Stack gap="sm">
              <div>
                <Title order={2} fz="lg">
                  Images
                </Title>
                <Text size="sm" c="dimmed">
                  Up to {maxProductImages}; the first one is the product’s picture in your shop.
                </Text>
              </div>
              {kept.length + newImages.length > 0 ? (
                <SimpleGrid cols={3} spacing="xs">
                  {kept.map((image) => (
                    <ImageTile
                      key={image._id}
                      src={imageOf(image)}
                      label="Remove this image"
                      onRemove={() => setKeptIds((ids) => ids.filter((id) => id !== image._id))}
                    />
                  ))}
                  {newImages.map((file, i) => (
                    <ImageTile
                      key={previews[i]}
                      src={previews[i] ?? null}
                      label={`Remove ${file.name}`}
                      isNew
                      onRemove={() => setNewImages((old) => old.filter((f) => f !== file))}
                    />
                  ))}
                </SimpleGrid>
              ) : null}
              {room > 0 ? (
                <Dropzone
                  onDrop={addImages}
                  onReject={() => notifyError('Only images up to 20 MB can be product pictures.')}
                  accept={IMAGE_MIME_TYPE}
                  maxSize={20 * mb}
                  multiple
                  className={classes.dropzone}
                  radius="md"
                  aria-label="Product images"
                >
                  <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }} wrap="nowrap">
                    <IconPhotoPlus size={24} opacity={0.6} />
                    <Text size="sm">Drop images or click to add ({room} left)</Text>
                  </Group>
                </Dropzone>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Stack gap="sm" mt="lg">
        {save.isPending ? <SendProgress progress={save.progress} what="the product" /> : null}
        <Group justify="flex-end">
          {!isNew ? (
            <Button
              variant="default"
              disabled={!form.formState.isDirty && !hasFileChanges}
              onClick={() => {
                form.reset(productFormOf(product));
                setKeptIds(product.images.map((i) => i._id));
                setNewImages([]);
                setDigitalFile(null);
              }}
            >
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            variant={isNew ? 'gradient' : 'filled'}
            loading={save.isPending}
            disabled={!isNew && !form.formState.isDirty && !hasFileChanges}
          >
            {isNew ? 'Create product' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ImageTile(props: { src: string | null; label: string; isNew?: boolean; onRemove: () => void }) {
  return (
    <div className={classes.tile}>
      {props.src ? (
        <img src={props.src} alt="" />
      ) : (
        <div className={classes.tileEmpty}>
          <IconPhoto size={20} />
        </div>
      )}
      {props.isNew ? (
        <Text size="xs" className={classes.caption} fw={600}>
          New
        </Text>
      ) : null}
      <div className={classes.topRight}>
        <ActionIcon
          className={classes.menuButton}
          variant="filled"
          radius="xl"
          size="sm"
          aria-label={props.label}
          onClick={props.onRemove}
        >
          <IconX size={12} />
        </ActionIcon>
      </div>
    </div>
  );
}
