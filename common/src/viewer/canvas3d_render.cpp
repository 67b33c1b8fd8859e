// Canvas3D's render: the recorded geometry drawn with the fixed-function
// pipeline of the desktop's OpenGL 2.1 context, in the viewer only (a build
// without the viewer records and never renders; a web page draws the same
// geometry with WebGL 2's shaders: web/canvas3d_render.cpp).
#include "pbm/viewer/canvas3d.h"
#include "platform/gl.h"

namespace pbm {

namespace {
constexpr size_t kMultisampleTriangles = 20000;  // see render's multisampling note
}  // namespace

void Canvas3D::render(float pixelRatio) const {
  // Everything is saved and restored, so SFML and the ImGui renderer find the
  // state they left (they keep their own caches).
  glPushAttrib(GL_ALL_ATTRIB_BITS);
  glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
  glMatrixMode(GL_TEXTURE);
  glPushMatrix();
  glLoadIdentity();
  glMatrixMode(GL_PROJECTION);
  glPushMatrix();
  const Eigen::Matrix4d proj = camera_.projectionMatrix(), view = camera_.viewMatrix();
  glLoadMatrixd(proj.data());
  glMatrixMode(GL_MODELVIEW);
  glPushMatrix();
  glLoadMatrixd(view.data());

  const GLsizei w = static_cast<GLsizei>(camera_.width() * pixelRatio),
                h = static_cast<GLsizei>(camera_.height() * pixelRatio);
  GLint vp[4];
  glGetIntegerv(GL_VIEWPORT, vp);
  // The 3D view is the window's left part (the panel covers the rest); GL's
  // origin is the bottom-left corner.
  glViewport(0, vp[3] - h, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, vp[3] - h, w, h);
  glDepthMask(GL_TRUE);
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_TEXTURE_2D);
  glDisable(GL_LIGHTING);
  glDisable(GL_CULL_FACE);
  glDisable(GL_ALPHA_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glShadeModel(GL_SMOOTH);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glDisableClientState(GL_TEXTURE_COORD_ARRAY);
  glDisableClientState(GL_NORMAL_ARRAY);

  auto draw = [](GLenum mode, const std::vector<Vertex>& v) {
    if (v.empty()) return;
    glVertexPointer(3, GL_FLOAT, sizeof(Vertex), &v[0].x);
    glColorPointer(4, GL_UNSIGNED_BYTE, sizeof(Vertex), &v[0].c);
    glDrawArrays(mode, 0, static_cast<GLsizei>(v.size()));
  };

  // Opaque solids, pushed back a little so lines lying on a face (a wire
  // box around a box, grid lines on a floor) stay visible.
  glDisable(GL_BLEND);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.f, 1.f);
  // Multisampled edges cost the software rasteriser about as much again as the
  // solids themselves; a heavy frame (thousands of bodies) draws them aliased
  // to stay interactive (about 35 instead of 50 ms for 5000 boxes).
  if (tris_.size() / 3 > kMultisampleTriangles) glDisable(GL_MULTISAMPLE);
  draw(GL_TRIANGLES, tris_);
  glEnable(GL_MULTISAMPLE);
  glDisable(GL_POLYGON_OFFSET_FILL);

  // Curves and points, blended so translucent colours work.
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_LINE_SMOOTH);
  for (const auto& b : lines_) {
    glLineWidth(b.px * pixelRatio);
    draw(GL_LINES, b.v);
  }
  glEnable(GL_POINT_SMOOTH);
  for (const auto& b : points_) {
    glPointSize(b.px * pixelRatio);
    draw(GL_POINTS, b.v);
  }

  // Translucent triangles last, farthest first, testing depth but not
  // writing it, so they neither hide each other nor what lies behind.
  if (!glass_.empty()) {
    glDepthMask(GL_FALSE);
    draw(GL_TRIANGLES, glassBackToFront());
    glDepthMask(GL_TRUE);
  }

  glMatrixMode(GL_MODELVIEW);
  glPopMatrix();
  glMatrixMode(GL_PROJECTION);
  glPopMatrix();
  glMatrixMode(GL_TEXTURE);
  glPopMatrix();
  glPopClientAttrib();
  glPopAttrib();
}

}  // namespace pbm
