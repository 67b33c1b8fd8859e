// Canvas3D's render in a web page: the recorded geometry drawn with WebGL 2
// (OpenGL ES 3.0 shaders and buffers), the counterpart of the desktop's
// fixed-function canvas3d_render.cpp. The same passes in the same order:
// opaque solids pushed back a little (so lines on a face stay visible),
// curves and points blended, translucent triangles farthest first without
// writing depth. WebGL draws lines one pixel wide only, so a curve of px
// pixels is drawn as a quad of that width on the screen; a point is a round
// sprite. Widths are in the desktop's pixels, times devicePixelRatio here.
#include <GLES3/gl3.h>

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "pbm/viewer/canvas3d.h"

namespace pbm {

namespace {

constexpr const char* kVertexShader = R"(#version 300 es
uniform mat4 uMatrix;
uniform float uPointPx;
layout(location = 0) in vec4 aPosition;
layout(location = 1) in vec4 aColor;
out vec4 vColor;
void main() {
  gl_Position = uMatrix * aPosition;
  gl_PointSize = uPointPx;
  vColor = aColor;
})";

constexpr const char* kFragmentShader = R"(#version 300 es
precision mediump float;
uniform bool uRoundPoint;
in vec4 vColor;
out vec4 fragColor;
void main() {
  if (uRoundPoint) {
    vec2 d = gl_PointCoord - vec2(0.5);
    if (dot(d, d) > 0.25) discard;
  }
  fragColor = vColor;
})";

struct Program {
  GLuint id = 0, vao = 0, buffer = 0;
  GLint matrix = -1, pointPx = -1, roundPoint = -1;
};

GLuint compile(GLenum kind, const char* source) {
  const GLuint s = glCreateShader(kind);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  return s;
}

const Program& program() {
  static const Program p = [] {
    Program q;
    q.id = glCreateProgram();
    const GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader);
    glAttachShader(q.id, vs);
    glAttachShader(q.id, fs);
    glLinkProgram(q.id);
    glDeleteShader(vs);
    glDeleteShader(fs);
    q.matrix = glGetUniformLocation(q.id, "uMatrix");
    q.pointPx = glGetUniformLocation(q.id, "uPointPx");
    q.roundPoint = glGetUniformLocation(q.id, "uRoundPoint");
    glGenVertexArrays(1, &q.vao);
    glGenBuffers(1, &q.buffer);
    return q;
  }();
  return p;
}

// A vertex in clip coordinates (a thick line's corner), coloured.
struct ClipVertex {
  float x, y, z, w;
  std::uint32_t c;
};

}  // namespace

void Canvas3D::render(float ratio) const {
  const Program& p = program();
  const Eigen::Matrix4f world = (camera_.projectionMatrix() * camera_.viewMatrix()).cast<float>();
  const Eigen::Matrix4f identity = Eigen::Matrix4f::Identity();
  // The camera's view in CSS pixels; the framebuffer's are ratio times more.
  const GLsizei w = static_cast<GLsizei>(camera_.width() * ratio),
                h = static_cast<GLsizei>(camera_.height() * ratio);
  GLint vp[4];
  glGetIntegerv(GL_VIEWPORT, vp);
  // The 3D view is the canvas's left part (the panel covers the rest); GL's
  // origin is the bottom-left corner.
  glViewport(0, vp[3] - h, w, h);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, vp[3] - h, w, h);
  glDepthMask(GL_TRUE);
  glClearDepthf(1.f);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDisable(GL_CULL_FACE);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glUseProgram(p.id);
  glBindVertexArray(p.vao);
  glBindBuffer(GL_ARRAY_BUFFER, p.buffer);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glUniform1f(p.pointPx, 1.f);
  glUniform1i(p.roundPoint, 0);

  // World-space vertices (x, y, z; w = 1 by default) under the camera's matrix.
  auto draw = [&](GLenum mode, const std::vector<Vertex>& v) {
    if (v.empty()) return;
    glUniformMatrix4fv(p.matrix, 1, GL_FALSE, world.data());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(Vertex)), v.data(),
                 GL_STREAM_DRAW);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                          reinterpret_cast<const void*>(offsetof(Vertex, c)));
    glDrawArrays(mode, 0, static_cast<GLsizei>(v.size()));
  };

  // A batch of segments px pixels wide: each one a quad across the segment
  // on the screen, made in clip coordinates (clipped to the near plane first,
  // so a segment passing behind the eye keeps its visible part).
  auto drawLines = [&](const std::vector<Vertex>& v, float px) {
    std::vector<ClipVertex> quads;
    quads.reserve(v.size() * 3);
    const float halfX = px * ratio / static_cast<float>(w),
                halfY = px * ratio / static_cast<float>(h);
    for (size_t i = 0; i + 1 < v.size(); i += 2) {
      Eigen::Vector4f a = world * Eigen::Vector4f(v[i].x, v[i].y, v[i].z, 1.f);
      Eigen::Vector4f b = world * Eigen::Vector4f(v[i + 1].x, v[i + 1].y, v[i + 1].z, 1.f);
      const float da = a.z() + a.w(), db = b.z() + b.w();  // >= 0: in front of the near plane
      if (da < 0.f && db < 0.f) continue;
      if (da < 0.f) a += (b - a) * (da / (da - db));
      if (db < 0.f) b += (a - b) * (db / (db - da));
      if (a.w() <= 0.f || b.w() <= 0.f) continue;
      // The segment's direction on the screen, in pixels, and its normal.
      Eigen::Vector2f d((b.x() / b.w() - a.x() / a.w()) * static_cast<float>(w),
                        (b.y() / b.w() - a.y() / a.w()) * static_cast<float>(h));
      const float len = d.norm();
      d = len > 0.f ? Eigen::Vector2f(d / len) : Eigen::Vector2f(1.f, 0.f);
      const Eigen::Vector2f n(-d.y() * halfX, d.x() * halfY);  // half the width, in NDC
      auto corner = [&](const Eigen::Vector4f& c, float side, std::uint32_t color) {
        return ClipVertex{c.x() + side * n.x() * c.w(), c.y() + side * n.y() * c.w(), c.z(), c.w(),
                          color};
      };
      const ClipVertex a0 = corner(a, -1.f, v[i].c), a1 = corner(a, 1.f, v[i].c),
                       b0 = corner(b, -1.f, v[i + 1].c), b1 = corner(b, 1.f, v[i + 1].c);
      quads.insert(quads.end(), {a0, b0, b1, a0, b1, a1});
    }
    if (quads.empty()) return;
    glUniformMatrix4fv(p.matrix, 1, GL_FALSE, identity.data());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(quads.size() * sizeof(ClipVertex)),
                 quads.data(), GL_STREAM_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(ClipVertex), nullptr);
    glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ClipVertex),
                          reinterpret_cast<const void*>(offsetof(ClipVertex, c)));
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(quads.size()));
  };

  glDisable(GL_BLEND);
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(1.f, 1.f);
  draw(GL_TRIANGLES, tris_);
  glDisable(GL_POLYGON_OFFSET_FILL);

  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  for (const auto& b : lines_) drawLines(b.v, b.px);
  glUniform1i(p.roundPoint, 1);
  for (const auto& b : points_) {
    glUniform1f(p.pointPx, b.px * ratio);
    draw(GL_POINTS, b.v);
  }
  glUniform1i(p.roundPoint, 0);

  if (!glass_.empty()) {
    glDepthMask(GL_FALSE);
    draw(GL_TRIANGLES, glassBackToFront());
    glDepthMask(GL_TRUE);
  }

  // What ImGui's renderer and the next frame expect to find.
  glDisableVertexAttribArray(0);
  glDisableVertexAttribArray(1);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glUseProgram(0);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glViewport(vp[0], vp[1], vp[2], vp[3]);
}

}  // namespace pbm
