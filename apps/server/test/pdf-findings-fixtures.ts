// PDFs with what the send dialog warns about (issue #30 item 4): hidden optional content, an unreferenced
// content stream (shadow-attack material), a certification (DocMDP) with a signature field holding a value.
import { rawPdf, streamBody } from './pdf-hostile.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const PAGE = '<</Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R>>';
const VISIBLE = latin1('BT /F1 12 Tf 20 150 Td (Rent 500 euros a month) Tj ET');

/**
 * One page whose second line sits in an optional content group that is off when the document opens
 * (/OCProperties /D /OFF, or with `baseStateOff` /BaseState /OFF): a viewer shows only the first line.
 */
export function hiddenLayerPdf(opts: { baseStateOff?: boolean } = {}): Buffer {
  const config = opts.baseStateOff ? '/BaseState /OFF' : '/OFF [5 0 R]';
  return rawPdf([
    `<</Type /Catalog /Pages 2 0 R /OCProperties <</OCGs [5 0 R 6 0 R] /D <<${config} /ON [6 0 R]>>>>>>`,
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R' +
      ' /Resources <</Font <</F1 7 0 R>> /Properties <</Hidden 5 0 R /Shown 6 0 R>>>>>>',
    streamBody(
      '',
      latin1(
        'BT /F1 12 Tf 20 150 Td (Rent 500 euros a month) Tj ET\n' +
          '/OC /Hidden BDC BT /F1 12 Tf 20 120 Td (Rent 5000 euros a month) Tj ET EMC',
      ),
    ),
    '<</Type /OCG /Name (Hidden terms)>>',
    '<</Type /OCG /Name (Shown terms)>>',
    '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>',
  ]);
}

/** One page, plus a content stream (and a form XObject) that nothing refers to: shown by no viewer today. */
export function unreferencedStreamPdf(): Buffer {
  return rawPdf([
    '<</Type /Catalog /Pages 2 0 R>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    PAGE.replace('>>', ' /Resources <</Font <</F1 5 0 R>>>>>>'),
    streamBody('', VISIBLE),
    '<</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>',
    streamBody('', latin1('BT /F1 12 Tf 20 150 Td (Rent 5000 euros a month) Tj ET')),
    streamBody('/Type /XObject /Subtype /Form /BBox [0 0 300 200]', latin1('0 0 300 200 re f')),
  ]);
}

/**
 * A PDF certified by its author: /Perms /DocMDP names the signature value of a signature field (the
 * form's only field), whose DocMDP reference has permission `p` (absent: the default, 2).
 */
export function certifiedPdf(p: 1 | 2 | 3 | null): Buffer {
  const params =
    p === null ? '<</Type /TransformParams /V /1.2>>' : `<</Type /TransformParams /P ${p} /V /1.2>>`;
  return rawPdf([
    '<</Type /Catalog /Pages 2 0 R /Perms <</DocMDP 6 0 R>> /AcroForm <</Fields [5 0 R] /SigFlags 3>>>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    PAGE.replace('>>', ' /Annots [5 0 R]>>'),
    streamBody('', latin1('0 0 1 rg 10 10 50 50 re f')),
    '<</Type /Annot /Subtype /Widget /FT /Sig /T (Author) /V 6 0 R /P 3 0 R /Rect [0 0 0 0] /F 132>>',
    `<</Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 10 20 30] /Contents <00>` +
      ` /Reference [<</Type /SigRef /TransformMethod /DocMDP /TransformParams ${params}>>]>>`,
  ]);
}
