import { Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';

interface SignatureCanvasProps {
  /** Called with a PNG data URL after each stroke, or null when cleared. */
  onChange: (dataUrl: string | null) => void;
}

/**
 * A small wrapper around signature_pad 5. The canvas follows its container's width and the device pixel
 * ratio, so strokes stay sharp and land under the finger. Drawing is optional: the typed name is the signature.
 */
export function SignatureCanvas({ onChange }: SignatureCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || typeof canvas.getContext !== 'function' || !canvas.getContext('2d')) return;
    const pad = new SignaturePad(canvas, { penColor: '#111' });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (width === 0) return;
      // Resizing clears the canvas; the drawing is kept as points and redrawn.
      const data = pad.toData();
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    resize();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  return (
    <Box>
      <Text id={labelId} fw={500} size="sm" mb={4}>
        Draw your signature (optional)
      </Text>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={labelId}
        data-testid="signature-canvas"
        style={{
          width: '100%',
          height: 160,
          display: 'block',
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 8,
          background: 'white',
          touchAction: 'none',
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="gray.7">
          Your typed name is your signature; a drawing is added to it if you make one.
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current(null);
          }}
        >
          Clear
        </Button>
      </Group>
    </Box>
  );
}
